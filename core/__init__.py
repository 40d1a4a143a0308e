"""What every app of the site shares and none owns: viewer keys, a guest's hashed address, the
after-commit path, the rate limiter, the advisory lock, the hooks a lower app calls.

No models, no views: ``core`` imports only Django and the standard library, and every app may
import it (the import-linter contract in pyproject.toml).
"""
