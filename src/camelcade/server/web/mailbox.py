"""What an e-mail address must look like to be kept (one line, no header tricks)."""

from __future__ import annotations

import re

ADDRESS = re.compile(r"[^@\s<>,;\"()\\]{1,64}@[^@\s<>,;\"()\\]{1,190}\.[A-Za-z]{2,24}")
