// Signed-in pages: the service worker (public/sw.js) is registered and asked, once the page is idle, to keep
// what the person needs before a call available offline. <html data-offline="kept"> when it has.
if ('serviceWorker' in navigator) {
  const keep = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js');
    const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<{ synced: boolean }>) => {
      if (event.data.synced) document.documentElement.dataset['offline'] = 'kept';
    };
    worker?.postMessage({ type: 'sync' }, [channel.port2]);
  };
  const start = () => void keep().catch(() => undefined); // offline copies are a bonus: a failure changes nothing
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}
