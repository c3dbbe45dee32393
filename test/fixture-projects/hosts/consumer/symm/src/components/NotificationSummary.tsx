// A hedger error's summary: its code, as the hedger sent it, or nothing.
export function NotificationSummary({ errorCode, failureMessage }: { errorCode: number | null; failureMessage: string | null }) {
  if (errorCode === null || errorCode === 0) return null;
  return (
    <span className="summary" data-error-code={errorCode}>
      error {errorCode}
      {failureMessage === null ? "" : `: ${failureMessage}`}
    </span>
  );
}
