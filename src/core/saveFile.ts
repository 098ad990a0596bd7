/** Hands `data` to the browser as a download named `fileName` (the object URL freed a second later). */
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}
