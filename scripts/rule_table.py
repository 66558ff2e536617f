#!/usr/bin/env python3
"""Rewrites the rule table at the end of docs/VALIDATION.md from `trailpack validate --help`
(ValidationRule's ids, severities and summaries), so the page lists exactly the rules the tool
enforces. Usage: scripts/rule_table.py TRAILPACK_BINARY"""
import re
import subprocess
import sys

MARK = "## Every rule"

def rules(binary):
    text = subprocess.run([binary, "validate", "--help"], check=True, capture_output=True, text=True).stdout
    body = text.split("RULES (", 1)[1].split("\n", 1)[1]
    for line in body.splitlines():
        m = re.match(r"^  (\S+)  +(.*)$", line)
        if m:
            yield m.group(1), m.group(2)

def table(binary):
    lines = [MARK, "", "What `trailpack validate --help` prints (written by `scripts/rule_table.py`; a test keeps",
             "them equal).", "", "| rule | severity | what it requires |", "|---|---|---|"]
    for rule_id, summary in rules(binary):
        severity = "warning" if summary.startswith("warning: ") else "error"
        summary = summary.removeprefix("warning: ").replace("|", "\\|").replace("<", "&lt;")
        lines.append(f"| `{rule_id}` | {severity} | {summary} |")
    return "\n".join(lines) + "\n"

def main():
    path = "docs/VALIDATION.md"
    doc = open(path, encoding="utf-8").read()
    head = doc.split("\n" + MARK, 1)[0].rstrip("\n")
    open(path, "w", encoding="utf-8").write(head + "\n\n" + table(sys.argv[1]))

if __name__ == "__main__":
    main()
