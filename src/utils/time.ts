import dayjs from 'dayjs';

/** A moment as the user reads it in a list: 2026-05-01 14:30 (the browser's own time zone). */
export const formatTime = (iso: string | null | undefined) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '—');
