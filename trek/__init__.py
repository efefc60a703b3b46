"""The `trek` command line, above the engine and the studio: `trek.main` builds it from the
table of commands in `trek.commands`, importing only the module of the command that runs."""
