// Root scripts whose part is not built yet say so plainly and fail, rather than pretend.
const [command, part] = process.argv.slice(2);
console.error(
  `pnpm ${command}: ${part} ${part?.endsWith('s') ? 'are' : 'is'} not built yet, so there is nothing to run.`,
);
process.exit(1);
