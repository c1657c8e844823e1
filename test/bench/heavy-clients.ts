// Load for the slow-clients bench, in its own process so that its work does not delay the probes that
// measure the server: `heavy-clients.ts <port> read <n>` keeps n clients reading the heaviest answer over
// and over; `heavy-clients.ts <port> stall <n>` has n clients ask for it and never read;
// `heavy-clients.ts <port> upload <n>` has n clients POST a 1 MiB text of notes to GetCitationsInText over
// and over, reading each answer. Prints "ready" once every client has sent its first request, and the
// number of answers read when it gets SIGTERM.
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

const HEAVY = '/GetSearchAdvanced?query=th&matchType=broad&versionId=kjv';
const [port, mode, count] = [Number(process.argv[2]), process.argv[3], Number(process.argv[4])];
let answers = 0;
process.on('SIGTERM', () => {
  console.log(`answers ${answers}`);
  process.exit(0);
});

if (mode === 'stall') {
  // A paused socket does not keep the process alive; the clients must stay until told to go.
  setInterval(() => {}, 1_000);
  let sent = 0;
  for (let i = 0; i < count; i++) {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(`GET ${HEAVY} HTTP/1.1\r\nHost: x\r\n\r\n`);
      if (++sent === count) console.log('ready');
    });
    socket.on('error', () => {});
  }
} else if (mode === 'upload') {
  const note = 'In the beginning, see John 3:16 and Rom 8:28; compare Gen 1:1-3. ';
  const body = Buffer.from(note.repeat(Math.floor(1_048_576 / note.length)));
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const one = () =>
    new Promise<void>((done) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/GetCitationsInText',
          method: 'POST',
          agent,
          headers: { 'content-type': 'text/plain', 'content-length': body.length, 'accept-encoding': 'gzip' },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            if (res.statusCode === 200) answers++;
            done();
          });
          res.on('error', () => done());
        },
      );
      req.on('error', () => done());
      req.end(body);
    });
  console.log('ready');
  for (let i = 0; i < count; i++)
    void (async () => {
      for (;;) await one();
    })();
} else {
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const one = () =>
    new Promise<void>((done) => {
      const req = request(
        { host: '127.0.0.1', port, path: HEAVY, agent, headers: { 'accept-encoding': 'gzip' } },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => {
            answers++;
            done();
          });
          res.on('error', () => done());
        },
      );
      req.on('error', () => done());
      req.end();
    });
  console.log('ready');
  for (let i = 0; i < count; i++)
    void (async () => {
      for (;;) await one();
    })();
}
