/** Whether a record (a check, a typeset) is still at work: queued or running. */
export const atWork = (row: { status: string }) => row.status === 'queued' || row.status === 'running';
