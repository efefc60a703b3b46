"""Front ends a person plays through: the terminal (``terminal.TerminalSeat``)."""
