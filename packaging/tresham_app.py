"""The frozen app's entry point: the same `tresham` command the wheel installs."""

import sys

from tresham.cli import main

if __name__ == "__main__":
    sys.exit(main())
