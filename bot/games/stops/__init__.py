"""The Stops family for chips (Newmarket 1885, Newmarket 2011, Michigan): the shared
rules of sequences in suit, stops, lowest-card leads and boodle cards live in `rules`.

RULES.md §10-§12. The three games themselves are not built yet; each will be a page of
parameters (`StopsRules`) over this machinery.
"""
