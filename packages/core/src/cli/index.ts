#!/usr/bin/env node
import { processIo } from "./io";
import { runCli } from "./run";

/** The `gatehouse` executable. Exits when the command is done, whatever pools the config opened. */
runCli(process.argv.slice(2), processIo()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
