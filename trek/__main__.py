"""`python -m trek`: the same as the `trek` console script."""

import sys

from trek.main import main

sys.exit(main())
