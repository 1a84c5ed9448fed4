// One process of connection-flood.mjs's flood: `count` connections to 127.0.0.1:`port`, `perAddress`
// from each loopback address 127.`octet`.x.y. `idle`: each connection is opened and sends nothing.
// `slow`: each sends a request line, then one header byte every 2 s (slowloris), and is opened again
// 100 ms after the server closes it. Prints `{"open":…,"opened":…,"closed":…}` every second.
// Usage: node connection-flood-client.mjs <port> <count> <octet> <perAddress> <idle|slow>
import net from 'node:net';

const [port, count, octet, perAddress] = process.argv.slice(2, 6).map(Number);
const mode = process.argv[6];
const BYTE_EVERY_MS = 2_000;
const REOPEN_AFTER_MS = 100;
const stats = { open: 0, opened: 0, closed: 0, failed: 0 };
let stopping = false;

function addressOf(index) {
  const address = Math.floor(index / perAddress);
  return `127.${octet}.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

function connect(index) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: addressOf(index) });
  let drip;
  let connected = false;
  socket.on('connect', () => {
    connected = true;
    stats.open += 1;
    stats.opened += 1;
    if (mode !== 'slow') return;
    socket.write('GET / HTTP/1.1\r\n');
    drip = setInterval(() => socket.write('X'), BYTE_EVERY_MS);
  });
  socket.on('data', () => {});
  socket.on('error', () => (stats.failed += 1));
  socket.on('close', () => {
    clearInterval(drip);
    if (connected) {
      stats.open -= 1;
      stats.closed += 1;
    }
    if (mode === 'slow' && !stopping) setTimeout(() => connect(index), REOPEN_AFTER_MS);
  });
}

for (let index = 0; index < count; index += 1) {
  connect(index);
  // A few hundred at a time: the accept queue is the server's, not this script's, to fill.
  if (index % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 5));
}
setInterval(() => console.log(JSON.stringify(stats)), 1_000);
process.on('SIGTERM', () => {
  stopping = true;
  process.exit(0);
});
