#!/usr/bin/env python3
"""Replaces one "## " section of bench/RESULTS.md with a new text: from the
line starting with HEADING to the next "## " heading (or the carried-over
marker); the first time, the section goes before the sections run-all.sh
carries over, or at the end.

  bench/update-section.py "## Real models" SECTION_FILE [RESULTS_FILE]
"""
import re
import sys


def main():
    heading, section_path = sys.argv[1], sys.argv[2]
    path = sys.argv[3] if len(sys.argv) > 3 else "bench/RESULTS.md"
    section = open(section_path).read().rstrip("\n") + "\n\n"
    text = open(path).read()
    m = re.search(r"^%s\b.*?(?=^## |^<!-- Carried over|\Z)" % re.escape(heading), text,
                  re.M | re.S)
    if m:
        text = text[:m.start()] + section + text[m.end():]
    else:
        k = re.search(r"^<!-- (Carried over|Kept by hand)", text, re.M)
        at = k.start() if k else len(text)
        text = text[:at].rstrip("\n") + "\n\n" + section + text[at:]
    open(path, "w").write(text)


if __name__ == "__main__":
    main()
