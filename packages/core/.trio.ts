import { admin } from "./src/plugins/admin";
import { organization } from "./src/plugins/organization";
import { username } from "./src/plugins/username";
import { createTestAuth } from "./src/testing";
const { auth } = createTestAuth({ plugins: [username(), admin(), organization()] });
await auth.ready;
console.log(Object.keys(auth.api).length, "endpoints OK");
