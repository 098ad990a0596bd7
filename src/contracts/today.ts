/** Today's date (`YYYY-MM-DD`) in São Paulo, where the organisations' days begin and end. */
export const saoPauloToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
