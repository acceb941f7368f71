// One id per Jest run: PostgreSQL test databases are named after it, so two runs at once (two
// engineers, or CI beside a developer) never share tables. Workers inherit the variable.
export default function globalSetup(): void {
  process.env.QA_TEST_RUN_ID ??= String(process.pid);
}
