"""The web table (issue 33): a transport like cogs/, serving each table's live page from
the bot's own process. Pages are plain HTML, CSS and script (`static/`); the browser
draws the table from JSON frames of the public view, sent over a WebSocket as moves
land (`hub`). A spectator's link carries the table's key (`bot.tables.watch`). It speaks
to the services only: no SQL, no discord, no pictures."""
