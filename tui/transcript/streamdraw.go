package transcript

import (
	"slices"
	"strings"

	"github.com/sophia-labs/vehicle/client/wire"
	"github.com/sophia-labs/vehicle/tui/ui"
	"github.com/sophia-labs/vehicle/tui/ui/markdown"
)

// A long reply streaming in is drawn in bounded steps, and the window
// scrolled up over it stays on the lines it showed.
//
// A flush draws at most drawBudget bytes of finished blocks through
// glamour: one that finds more (the first flush at a new width over a
// reply of hundreds of KB, or a stream faster than glamour) draws the last
// of them (those nearest the window's end) through glamour and the earlier
// ones as plain wrapped text, rough; the next flushes draw the rough ones
// through glamour, newest first, and say the stream is behind until none
// is left. Glamour takes about 15 ms a 2 KB block: the 512 KB a stream
// keeps took 4.6 s at once, with the program's loop (keys, frames) waiting.
//
// The lines a streaming entry's start loses to a cut, or that a rough
// block changes into, are said as moves; the transcript moves its window's
// anchor with them (followMoves), so the window keeps its text instead of
// pointing past the entry's end (a blank window).

// drawBudget is how many bytes of markdown one flush of a streaming entry
// draws through glamour (the last block it draws may pass it).
const drawBudget = 16 << 10

// lineMove says that an entry's lines [from, from+old) became new lines:
// the lines before from did not move.
type lineMove struct{ from, old, new int }

// renderBlock renders one finished block as glamour draws it (Block: the
// common shapes without a glamour pass), counting the bytes (glamoured, for
// the tests of the budget).
func (r *renderer) renderBlock(src string) []string {
	r.glamoured += len(src)
	return r.md.Block(src)
}

// drawBlocks draws srcs: from the last back, through glamour while the
// budget lasts, the earlier ones as plain wrapped text (rough).
func (r *renderer) drawBlocks(srcs []string, budget *int) ([]markdown.Block, []bool) {
	blocks, rough := make([]markdown.Block, len(srcs)), make([]bool, len(srcs))
	for i := len(srcs) - 1; i >= 0; i-- {
		if *budget > 0 {
			blocks[i] = markdown.Block{Src: srcs[i], Lines: r.renderBlock(srcs[i])}
			*budget -= len(srcs[i])
			continue
		}
		blocks[i], rough[i] = markdown.Block{Src: srcs[i], Lines: ui.WrapPlain(srcs[i], r.md.Width())}, true
	}
	return blocks, rough
}

// refine draws rough blocks of sv through glamour while the budget lasts,
// the newest first, and says the lines that changed as moves of entry e;
// it reports whether any was drawn.
func (r *renderer) refine(e *wire.Entry, sv *streamView, budget *int) bool {
	var starts []int // each block's first line in sv.lines
	at := 0
	for _, b := range sv.blocks {
		starts = append(starts, at)
		at += len(b.Lines) + 1
	}
	done := false
	for i := len(sv.blocks) - 1; i >= 0 && *budget > 0; i-- {
		if !sv.rough[i] {
			continue
		}
		old := len(sv.blocks[i].Lines)
		sv.blocks[i].Lines = r.renderBlock(sv.blocks[i].Src)
		sv.rough[i], done = false, true
		*budget -= len(sv.blocks[i].Src)
		r.move(e.Key, lineMove{from: streamPrefix(e) + starts[i], old: old, new: len(sv.blocks[i].Lines)})
	}
	if done {
		sv.lines = nil
		for _, b := range sv.blocks {
			sv.lines = append(indentInto(sv.lines, b.Lines), "")
		}
	}
	return done
}

// recut follows a streaming text whose start the client cut (Entry.Cut
// grew): the finished blocks still in the text keep their rendering
// (afterCut), the others are rendered, and the flush goes on from after
// them. It happens once per wire.StreamKeep of text.
func (r *renderer) recut(sv *streamView, e *wire.Entry) {
	src := ui.Sanitize(e.Text)
	blocks, tail := markdown.SplitBlocks(src)
	kept := afterCut(sv.blocks, blocks)
	gone := len(sv.blocks) - len(kept) // the blocks cut, in front of the kept ones
	went := len(sv.lines)              // their lines
	if len(kept) > 0 {
		went = 0
		for _, b := range sv.blocks[:gone] {
			went += len(b.Lines) + 1
		}
	}
	note := 0 // the note that the start is cut, when it showed already
	if sv.cut > 0 {
		note = 1
	}
	r.move(e.Key, lineMove{from: 2, old: note + went, new: streamPrefix(e) - 2})
	budget := drawBudget
	drawn, rough := r.drawBlocks(blocks[len(kept):], &budget)
	keptRough := sv.rough[len(sv.rough)-len(kept):]
	sv.blocks, sv.rough = append(kept, drawn...), append(append([]bool(nil), keptRough...), rough...)
	sv.lines = nil
	for _, b := range sv.blocks {
		sv.lines = append(indentInto(sv.lines, b.Lines), "")
	}
	sv.done = afterLines(e.Text, strings.Count(src[:len(src)-len(tail)], "\n"))
	sv.cut, sv.text = e.Cut, "" // the flush goes on from done, drawing the tail
	sv.tailAt, sv.skips, sv.stale = -1, 0, false
}

// isRough reports whether a block of sv is drawn plain, waiting for glamour.
func (sv *streamView) isRough() bool { return slices.Contains(sv.rough, true) }

// finished is sv's blocks drawn through glamour, which a reply's whole
// rendering may take as they are.
func (sv *streamView) finished() []markdown.Block {
	var out []markdown.Block
	for i, b := range sv.blocks {
		if !sv.rough[i] {
			out = append(out, b)
		}
	}
	return out
}

// streamPrefix is the lines a streaming reply's drawing has before its
// blocks: a blank line, the header and, when its start was cut, the note.
func streamPrefix(e *wire.Entry) int {
	if e.Cut > 0 {
		return 3
	}
	return 2
}

// move says that entry key's lines moved; each move is of the lines the
// moves said before it left.
func (r *renderer) move(key int64, m lineMove) {
	if m.old == m.new {
		return
	}
	if r.moves == nil {
		r.moves = map[int64][]lineMove{}
	}
	r.moves[key] = append(r.moves[key], m)
}

// takeMoves is the moves said since the last call.
func (r *renderer) takeMoves() map[int64][]lineMove {
	m := r.moves
	r.moves = nil
	return m
}

// followMoves moves the window's anchors (the top while scrolled up, the
// top of a jump) with the lines of their entries that moved: an anchor in
// lines that went stays where they were.
func (t *Transcript) followMoves() {
	for key, moves := range t.r.takeMoves() {
		for _, a := range []*anchor{&t.top, &t.jumpTop} {
			if a.key != key {
				continue
			}
			for _, m := range moves {
				switch {
				case a.off >= m.from+m.old:
					a.off += m.new - m.old
				case a.off > m.from:
					a.off = m.from
				}
			}
		}
	}
}
