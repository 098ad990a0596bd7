/** States of an ordem de compra that take entregas (the server's rule: enviada or parcialmente entregue). */
export const RECEIVABLE: readonly string[] = ['sent', 'partiallyReceived'];
