"""Strays: the one answer for a button, menu or form that no control of Parlour's takes.

discord.py answers nothing when a component's custom_id fullmatches no registered
`DynamicItem` template and no live view holds it, or when a form is submitted that no
modal it keeps has: Discord then shows "This interaction failed". That happens to a
button of an older release whose id format changed, and to whatever a tampering client
sends. This listener answers every one of them privately, in one sentence, and does
nothing else.

For components it decides as discord.py's view store does, from the same store and the
message the interaction carries, so exactly one of the two answers whatever order their
tasks run in (templates change only when a cog loads; Parlour's views are stopped before
they are sent, `dynamic_view`, so they hold no live items). Forms are `Form`s, kept by
nobody and answered here from their custom_id (as a `DynamicItem` is), so a form open
across a restart still plays; a modal kept by discord.py would leave its store when its
answer is sent, which may be before this listener looks. One listener for every family,
rather than loose templates refused family by family: it also covers an unknown prefix,
a wrong component type and a form, and a new family needs nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

import discord

from cogs._base import Form, Interaction, guarded, on_its_message, tell

NOT_ON_MESSAGE = "That {what} is not on this message; nothing was done."
STRAY = "That {what} is out of date or not one of Parlour's, so nothing was done."
_BUTTON = discord.ComponentType.button.value


async def on_interaction(interaction: Interaction) -> None:
    """Answer a submitted form from its custom_id, and refuse, privately, a button, menu
    or form that no control of Parlour's takes."""
    if interaction.type is discord.InteractionType.modal_submit:
        found = form_of(_custom_id(interaction))
        if found is not None:
            form, match = found
            await guarded(interaction, form.submitted(interaction, match, typed(interaction)))
            return
    refusal = stray_refusal(interaction)
    if refusal is not None:
        await tell(interaction, refusal)


def stray_refusal(interaction: Interaction) -> str | None:
    """The sentence for an interaction no control will answer, or None if one will."""
    if interaction.type is discord.InteractionType.modal_submit:
        return None if form_of(_custom_id(interaction)) else STRAY.format(what="form")
    if interaction.type is not discord.InteractionType.component:
        return None  # slash commands and autocomplete have their own handlers
    what = "button" if _data(interaction).get("component_type") == _BUTTON else "menu"
    if not on_its_message(interaction):
        return NOT_ON_MESSAGE.format(what=what)  # discord.py dispatches only what it shows
    return None if _dispatched(interaction) else STRAY.format(what=what)


def forms() -> list[type[Form]]:
    """Every kind of form Parlour opens (each subclass of `Form` with a template)."""
    found, todo = [], list(Form.__subclasses__())
    while todo:
        kind = todo.pop()
        todo += kind.__subclasses__()
        if hasattr(kind, "template"):
            found.append(kind)
    return found


def form_of(custom_id: str) -> tuple[type[Form], re.Match[str]] | None:
    """The kind of form a submitted custom_id names, with its match, if any."""
    for kind in forms():
        match = kind.template.fullmatch(custom_id)
        if match is not None:
            return kind, match
    return None


def typed(interaction: Interaction) -> dict[str, str]:
    """What each field of a submitted form holds, by the field's custom_id."""
    return {
        str(c["custom_id"]): str(c.get("value") or "")
        for c in _walk(_data(interaction).get("components"))
        if "custom_id" in c
    }


def _walk(components: object) -> Iterator[Mapping[str, object]]:
    """Every component of a submit, through rows (`components`) and labels (`component`)."""
    for component in components if isinstance(components, list) else []:
        if isinstance(component, dict):
            yield component
            yield from _walk(component.get("components"))
            yield from _walk([component.get("component")])


def _data(interaction: Interaction) -> Mapping[str, object]:
    return dict(interaction.data or {})


def _custom_id(interaction: Interaction) -> str:
    return str(_data(interaction).get("custom_id", ""))


def _store(interaction: Interaction) -> discord.ui.view.ViewStore:
    """discord.py's own view store: it has no public way to ask whether it will dispatch
    an id, and answering from a copy of its rules could disagree with it."""
    return interaction.client._connection._view_store


def _dispatched(interaction: Interaction) -> bool:
    """Whether discord.py's store dispatches this component (it is on its message): a
    registered template fullmatches its custom_id, or a live view holds it."""
    custom_id = _custom_id(interaction)
    store = _store(interaction)
    if any(pattern.fullmatch(custom_id) for pattern in store._dynamic_items):
        return True
    key = (_data(interaction).get("component_type"), custom_id)
    message_id = interaction.message.id if interaction.message is not None else None
    return key in store._views.get(message_id, {}) or key in store._views.get(None, {})
