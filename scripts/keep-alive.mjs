// Preloaded (node --import) before a start-up script: Payload's config promise awaits work that holds no
// handle on the event loop, so without a live timer Node can end the process mid-import with exit 13
// ("unsettled top-level await"). The script itself exits on purpose when it is done.
setInterval(() => {}, 60_000)
