/** An ordem de compra's lines with what its entregas received and rejected (`received`), and what is still to come. */
export interface OrderLine {
  id: string;
  description: string;
  quantity: number;
  unit: string;
  unitPrice: number;
}

export interface ReceivedLine extends OrderLine {
  received: number;
  rejected: number;
  pending: number;
}

export function receivedLines(record: Readonly<Record<string, unknown>>): ReceivedLine[] {
  const lines = (Array.isArray(record.lines) ? record.lines : []) as OrderLine[];
  const received = (Array.isArray(record.received) ? record.received : []) as { lineId: string; received: number; rejected: number }[];
  return lines.map((line) => {
    const got = received.find((item) => item.lineId === line.id);
    const accepted = got?.received ?? 0;
    return { ...line, received: accepted, rejected: got?.rejected ?? 0, pending: Math.max(0, line.quantity - accepted) };
  });
}
