"""The code behind `make crosscheck`: our data against PolicyEngine-US.

Two tools, each started by a thin script in scripts/:

  scripts/crosscheck.py      every figure we hold against PolicyEngine-US's parameters
                             (known disagreements: docs/data-notes/crosscheck-known.yaml)
  scripts/crosscheck_sim.py  our calculator against PolicyEngine-US simulations over a grid of
                             wage earners (known differences: docs/data-notes/simulation-known.yaml)

Modules, in the order the parameter check uses them:

  common         root of the repository, pinned PolicyEngine version, state codes, UsageError
  decimals       exact decimal comparison of figures, bracket normalisation
  known          the known-file machinery both tools share (parsing, key checks, use counts, staleness)
  known_figures  the format of crosscheck-known.yaml and its matching against compared figures
  ours           our side: build the tree with the taxdata compiler, read the JSON bundles,
                 list a state's payroll contributions by id with their derived figures
  mapping        placeholders of scripts/crosscheck-map.yaml, its payrollContributions.<id>.<figure>
                 keys and the PolicyEngine paths it names
  policyengine   PolicyEngine's side: extraction of its parameters (cached) and access to them
  resolve        map specs resolved against the extracted parameters
  compare        the comparison of our documents with the resolved values, and its tallies
  render         the text and JSON reports
  cli            command line of scripts/crosscheck.py
  sim            the simulation grid, its known file, comparison, report and command line
  sim_run        the simulation grid's two sides: `taxdata calc --batch` and PolicyEngine's Simulation

The package is not called `crosscheck` because scripts/crosscheck.py sits next to it: Python
prefers a regular package over a same-named module in one directory, but only while
`__init__.py` exists, and a reader (or mypy) cannot tell which one `import crosscheck` means.
Nothing here imports PolicyEngine at import time (scripts/test_crosscheck.py relies on that).
"""
