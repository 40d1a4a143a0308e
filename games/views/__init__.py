"""The games app's pages: a table (``table``), its invitation (``invitation``), a finished
match and its export (``match``)."""
