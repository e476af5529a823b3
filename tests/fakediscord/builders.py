"""Interaction payloads as Discord sends them: slash commands, autocomplete, clicks, modals.

A slash command's options are typed from the bot's own command tree (`Command.to_dict`),
the same schema a sync uploads, so a test writes `{"amount": 5, "member": bob}` and gets
the integer option and the resolved member Discord would send. Components can only be
used if they are on the message (unless `check=False`), as in the Discord client.
"""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands

from .records import Callback, FakeMessage, walk_components
from .world import JSON, FakeUser, World

ALL_PERMISSIONS = str(discord.Permissions.all().value)


def interaction_payload(
    world: World,
    *,
    kind: int,
    data: JSON,
    user: FakeUser,
    channel_id: int,
    ids: tuple[int, str],
    message: FakeMessage | None = None,
) -> JSON:
    """The INTERACTION_CREATE payload around `data`, from `user` in `channel_id`."""
    channel = world.channel_payload(channel_id)
    if channel is None:
        raise LookupError(f"no channel {channel_id}; open DMs with fake.dm_channel(user)")
    payload: JSON = {
        "id": str(ids[0]),
        "token": ids[1],
        "application_id": str(world.app_id),
        "type": kind,
        "data": data,
        "version": 1,
        "locale": user.locale,
        "attachment_size_limit": 10 * 1024 * 1024,
        "app_permissions": ALL_PERMISSIONS,
        "entitlements": [],
        "channel_id": str(channel_id),
        "channel": channel,
    }
    guild_id = world.guild_of(channel_id)
    if guild_id is not None:
        if not world.is_member(user, guild_id):
            raise LookupError(f"{user.name} is not a member of guild {guild_id}")
        locale = world.guilds[guild_id].locale
        payload |= {
            "guild_id": str(guild_id),
            "guild": {"id": str(guild_id), "locale": locale, "features": []},
            "guild_locale": locale,
            "member": world.member_payload(user, guild_id=guild_id, with_permissions=True),
            "context": 0,
            "authorizing_integration_owners": {"0": str(guild_id)},
        }
    else:
        payload |= {
            "user": user.payload(),
            "context": 1,
            "authorizing_integration_owners": {"0": "0"},
        }
    if message is not None:
        payload["message"] = message.data
    return payload


def command_schema(tree: app_commands.CommandTree[Any], name: str, guild_id: int | None) -> JSON:
    """The slash command's JSON as a sync would upload it (the guild's commands first;
    `guild_id` None: used in DMs)."""
    kind = discord.AppCommandType.chat_input
    scopes = [None] if guild_id is None else [discord.Object(guild_id), None]
    for scope in scopes:
        for command in tree.get_commands(guild=scope, type=kind):
            if command.name == name:
                schema = command.to_dict(tree)
                if scope is not None:
                    schema["guild_id"] = str(guild_id)
                return schema
    known = sorted(c.name for s in scopes for c in tree.get_commands(guild=s, type=kind))
    raise LookupError(f"no slash command /{name}; the tree has {known}")


def check_offered(schema: JSON, world: World, user: FakeUser, guild_id: int | None) -> None:
    """Refuse what the Discord client would not offer: a command outside its contexts
    (0 guild, 1 bot DM), or one whose default permissions the member lacks."""
    name, contexts, in_guild = schema["name"], schema.get("contexts"), guild_id is not None
    if (contexts is not None and (0 if in_guild else 1) not in contexts) or (
        not in_guild and schema.get("dm_permission") is False
    ):
        raise LookupError(f"Discord does not offer /{name} {'here' if in_guild else 'in DMs'}")
    raw = schema.get("default_member_permissions")
    if raw is None or not in_guild:
        return
    needed, has = int(raw), world.permissions(user, guild_id or 0)
    if not has & discord.Permissions(administrator=True).value and (
        needed == 0 or has & needed != needed
    ):
        raise PermissionError(f"Discord hides /{name} from {user.name}: needs permissions {needed}")


def command_data(
    schema: JSON,
    world: World,
    path: list[str],
    options: dict[str, Any],
    focused: str | None,
    guild_id: int = 0,
) -> JSON:
    """`data` of a command (or, with `focused`, autocomplete) interaction for `/name path...`
    used in a guild (0: the first guild, or a DM)."""
    data: JSON = {"id": schema["id"], "name": schema["name"], "type": 1}
    if "guild_id" in schema:
        data["guild_id"] = schema["guild_id"]
    node, container = schema, data
    for word in path:
        subs = {o["name"]: o for o in node.get("options", []) if o["type"] in (1, 2)}
        if word not in subs:
            raise LookupError(
                f"/{schema['name']} has no subcommand {word!r}; it has {sorted(subs)}"
            )
        entry: JSON = {"name": word, "type": subs[word]["type"], "options": []}
        container["options"] = [entry]
        node, container = subs[word], entry
    params = {o["name"]: o for o in node.get("options", []) if o["type"] not in (1, 2)}
    if len(params) < len(node.get("options", [])):
        raise LookupError(f"/{schema['name']} {' '.join(path)} is a group; name a subcommand")
    resolved: JSON = {}
    encoded = []
    for name, value in options.items():
        if name not in params:
            raise TypeError(f"no option {name!r}; the command takes {sorted(params)}")
        option = params[name]
        encoded.append(_option(world, option, value, resolved, name == focused, guild_id))
    missing = [n for n, o in params.items() if o.get("required") and n not in options]
    if missing and focused is None:
        raise TypeError(f"missing required options {missing}")
    container["options"] = encoded
    if resolved:
        data["resolved"] = resolved
    return data


def _option(
    world: World, schema: JSON, value: Any, resolved: JSON, focused: bool, guild_id: int
) -> JSON:
    kind, name = schema["type"], schema["name"]
    if focused:  # autocomplete: whatever the user has typed so far, as text
        return {"name": name, "type": kind, "value": str(value), "focused": True}
    choices = [c["value"] for c in schema.get("choices", [])]
    if choices and value not in choices:
        raise ValueError(f"{value!r} is not a choice of {name!r}: {choices}")
    if kind in (4, 10):
        low, high = schema.get("min_value"), schema.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise ValueError(f"{name}={value} is outside [{low}, {high}]")
    if kind in (6, 9):  # user, mentionable
        user = value if isinstance(value, FakeUser) else world.users[int(value)]
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        if world.is_member(user, guild_id or world.guild_id):
            member = world.member_payload(user, guild_id=guild_id, with_permissions=True)
            del member["user"]
            resolved.setdefault("members", {})[str(user.id)] = member
        value = str(user.id)
    elif kind == 7:
        channel = dict(world.channels[int(value)], permissions=ALL_PERMISSIONS)
        resolved.setdefault("channels", {})[str(value)] = channel
        value = str(value)
    elif kind == 8:
        resolved.setdefault("roles", {})[str(value)] = world.roles[int(value)]
        value = str(value)
    elif kind == 11:
        raise NotImplementedError("attachment options are not faked")
    else:
        value = {3: str, 4: int, 5: bool, 10: float}[kind](value)
    return {"name": name, "type": kind, "value": value}


def component_data(
    message: FakeMessage,
    *,
    custom_id: str | None,
    label: str | None,
    values: list[str] | None,
    check: bool,
) -> JSON:
    """`data` of a click (values None) or a string select, checked against the message."""
    is_select = values is not None
    if not check:
        assert custom_id is not None, "an unchecked component needs its custom_id"
        data: JSON = {"custom_id": custom_id, "component_type": 3 if is_select else 2}
        return data | ({"values": values} if is_select else {})
    if message.deleted:
        raise LookupError(f"message {message.id} was deleted")
    candidates = message.selects if is_select else message.buttons
    found = [
        c
        for c in candidates
        if custom_id in (None, c.get("custom_id")) and label in (None, c.get("label"))
    ]
    if len(found) != 1:
        shown = [(c.get("label") or c.get("placeholder"), c.get("custom_id")) for c in candidates]
        raise LookupError(f"{len(found)} components match on message {message.id}: {shown}")
    component = found[0]
    if component.get("disabled") or "custom_id" not in component:
        raise LookupError(f"component {component} cannot be used")
    data = {"custom_id": component["custom_id"], "component_type": component["type"]}
    if is_select:
        assert values is not None
        offered = [o["value"] for o in component.get("options", [])]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if component["type"] == 3 and not set(values) <= set(offered):
            raise ValueError(f"{values} are not all options of the select: {offered}")
        if not low <= len(values) <= high:
            raise ValueError(f"pick between {low} and {high} values, not {len(values)}")
        data["values"] = list(values)
    return data


def modal_data(modal: Callback, values: dict[str, Any]) -> JSON:
    """`data` of a modal submit: the modal's own layout, filled in with `values`."""
    assert modal.kind == "modal", f"the response was {modal.kind}, not a modal"
    fields = {c["custom_id"] for c in walk_components(modal.data["components"]) if "custom_id" in c}
    unknown = set(values) - fields
    if unknown:
        raise KeyError(f"the modal has no fields {sorted(unknown)}; it has {sorted(fields)}")
    layout = json.loads(json.dumps(modal.data["components"]))
    for number, component in enumerate(walk_components(layout), 1):
        component.setdefault("id", number)  # Discord numbers components that have no id
    components = [_submitted(c, values) for c in layout]
    return {"custom_id": modal.data["custom_id"], "components": components}


def _submitted(component: JSON, values: dict[str, Any]) -> JSON:
    kind = component["type"]
    if kind == 1:
        return {"type": 1, "components": [_submitted(c, values) for c in component["components"]]}
    if kind == 18:
        return {
            "type": 18,
            "id": component.get("id"),
            "component": _submitted(component["component"], values),
        }
    if kind == 4:
        text = str(values.get(component["custom_id"], component.get("value") or ""))
        if component.get("required", True) and not text:
            raise ValueError(f"text input {component['custom_id']!r} is required")
        low, high = component.get("min_length", 0), component.get("max_length", 4000)
        if text and not low <= len(text) <= high:
            raise ValueError(f"{component['custom_id']!r} needs {low}..{high} characters")
        return {
            "type": 4,
            "id": component.get("id"),
            "custom_id": component["custom_id"],
            "value": text,
        }
    if "custom_id" in component:
        picked = [str(v) for v in values.get(component["custom_id"], [])]
        return {
            "type": kind,
            "id": component.get("id"),
            "custom_id": component["custom_id"],
            "values": picked,
        }
    return {"type": kind, "id": component.get("id")}
