// The Discord Activity's sign-in, run before the table page's own script (web/static/
// table.js), which waits on `window.ParlourActivity`: the table of the channel the
// Activity was opened in, and the bearer token its socket signs in with.
//
// Discord's client and this page talk through the Embedded App SDK (postMessage to the
// frame's parent): ready, then authorize (Discord's client asks the player, and answers
// with a code), the code exchanged by our server (which alone holds the client secret),
// then authenticate with the access token it answered. Every address asked is relative
// to the page, so it goes through Discord's proxy under whatever prefix the page was
// loaded at (`/.proxy/` or none).
import { DiscordSDK } from "@discord/embedded-app-sdk";

const OUTSIDE = "This is Parlour's Discord Activity: open it from a channel in Discord.";
const IN_A_CHANNEL = "Open the Activity in a text channel of a server, where a table is.";

async function answered(response) {
  if (response.ok) return response.json();
  throw new Error((await response.text()) || "Parlour did not answer: try again in a moment.");
}

async function signIn() {
  const clientId = document.querySelector('meta[name="parlour-client-id"]').content;
  let sdk;
  try {
    // no console override: the SDK would send every console line to Discord's client
    sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
  } catch (e) {
    throw new Error(OUTSIDE);  // no frame_id: not opened by Discord's client
  }
  await sdk.ready();
  if (!sdk.guildId || !sdk.channelId) throw new Error(IN_A_CHANNEL);
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify", "guilds"],
  });
  const signed = await answered(await fetch("activity/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, guild: sdk.guildId }),
    cache: "no-store",
  }));
  await sdk.commands.authenticate({ access_token: signed.access_token });
  const table = await answered(await fetch("activity/table?channel=" + encodeURIComponent(sdk.channelId), {
    headers: { Authorization: "Bearer " + signed.session },
    cache: "no-store",
  }));
  return { key: table.key, token: signed.session, name: signed.name };
}

window.ParlourActivity = signIn();
