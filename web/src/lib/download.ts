/** Hands `content` to the browser as a file download named `fileName`. */
export const saveFile = (fileName: string, content: string, type: string): void => {
  const link = document.createElement("a")
  link.href = URL.createObjectURL(new Blob([content], { type }))
  link.download = fileName
  link.click()
  URL.revokeObjectURL(link.href)
}
