// ecma.js is the ECMA-262 side of core/pattern's export test: for each
// JSON line {"pattern", "probes"} on stdin it prints a JSON line with
// RegExp(pattern, "u").test() of each probe, or {"error": message}.
const rl = require("readline").createInterface({ input: process.stdin });
rl.on("line", (line) => {
  const { pattern, probes } = JSON.parse(line);
  let re;
  try {
    re = new RegExp(pattern, "u");
  } catch (e) {
    console.log(JSON.stringify({ error: String(e.message) }));
    return;
  }
  console.log(JSON.stringify({ found: probes.map((s) => re.test(s)) }));
});
