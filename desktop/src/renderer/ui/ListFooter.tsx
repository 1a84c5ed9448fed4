/** Lists load SPEC 9's first page; say so when there is more than fits. */
export function ListFooter({ shown, total, noun }: { shown: number; total: number; noun: string }) {
  if (total <= shown) return null;
  return (
    <p className="list-footer">
      Showing the first {shown} of {total} {noun}.
    </p>
  );
}
