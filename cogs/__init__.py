"""The discord.py cogs: thin translations of interactions into table-service calls."""
