"""What every live front end shares (DESIGN.md "Front ends"): the words of a table's
status and results and the lobby's scene, with seats named (`words`). Discord, the web
table and later front ends import it; it knows no transport."""
