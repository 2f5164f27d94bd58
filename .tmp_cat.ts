import { serverCatalogue } from "./src/server/mod.ts";
const c = serverCatalogue();
console.log(JSON.stringify(c, null, 1).slice(0, 6000));
