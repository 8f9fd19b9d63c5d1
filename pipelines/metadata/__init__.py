"""A page's metadata: its title, date, author, robots directives."""
