"""The interactive player page and the course clips."""
