/** A board user as an option of a searchable picker (the insight form's, /board-users/options). */
export const boardUserOption = (r: { id: number; first_name: string; last_name: string; board_name: string | null; position: string | null }) => ({
  value: r.id,
  label: `${r.first_name} ${r.last_name}`,
  description: [r.position, r.board_name].filter(Boolean).join(' · ') || null,
});
