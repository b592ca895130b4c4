"""`python -m tresham` is the `tresham` command."""

import sys

from tresham.cli import main

sys.exit(main())
