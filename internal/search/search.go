// Package search finds text in a session's transcript, as a person types:
// case-insensitive, over every message (not only those drawn), with results
// as message indexes and byte offsets a view can highlight, a current match
// to move with Next and Prev, and "i of n" to show.
//
// A search counts the matches of each message and keeps only the counts;
// offsets are computed for the message asked about (In, Current), so a
// one-letter query over 10,000 messages costs no more memory than the
// counts. A query refined by typing on searches only the messages the
// shorter query matched.
//
// An Index is not safe for concurrent use; a TUI keeps it in its model.
package search

import (
	"fmt"
	"sort"
	"strings"
)

// Match is one occurrence of the query: text[Start:End] of message Message,
// in bytes of the text given to the Index.
type Match struct {
	Message    int
	Start, End int
}

// Index holds a transcript's texts, the current query and where it matches.
type Index struct {
	docs  []doc
	query string // the folded query; "" when none
	// hits are the messages with matches, ascending; counts[j] is how many
	// hits[j] has and starts[j] how many come before it.
	hits   []int
	counts []int
	starts []int
	total  int
	// The current match is the k-th of message hits[cur]; cur is -1 when
	// there is none.
	cur, k  int
	scanned int // messages the last Search scanned (for tests)
}

// New makes an index of texts, one per message, in transcript order. Give
// it the text as the view draws it (after sanitising), so that a match's
// offsets are offsets of what is on screen.
func New(texts []string) *Index {
	x := &Index{docs: make([]doc, len(texts)), cur: -1}
	for i, t := range texts {
		x.docs[i] = newDoc(t)
	}
	return x
}

// Len is the number of messages indexed.
func (x *Index) Len() int { return len(x.docs) }

// Append adds a message at the end; the current query's matches include it.
func (x *Index) Append(text string) {
	x.docs = append(x.docs, newDoc(text))
	if x.query == "" {
		return
	}
	if n := strings.Count(x.docs[len(x.docs)-1].folded, x.query); n > 0 {
		x.hits, x.counts = append(x.hits, len(x.docs)-1), append(x.counts, n)
		x.sum()
		if x.cur < 0 {
			x.cur, x.k = 0, 0
		}
	}
}

// Set replaces message i's text (a reply that streamed on, a message that
// was redacted); the current query's matches follow it. An i out of range
// is ignored.
func (x *Index) Set(i int, text string) {
	if i < 0 || i >= len(x.docs) {
		return
	}
	was, had := x.Current()
	x.docs[i] = newDoc(text)
	if x.query == "" {
		return
	}
	j := sort.SearchInts(x.hits, i)
	present := j < len(x.hits) && x.hits[j] == i
	n := strings.Count(x.docs[i].folded, x.query)
	switch {
	case present && n > 0:
		x.counts[j] = n
	case present:
		x.hits = append(x.hits[:j], x.hits[j+1:]...)
		x.counts = append(x.counts[:j], x.counts[j+1:]...)
	case n > 0:
		x.hits = append(x.hits[:j], append([]int{i}, x.hits[j:]...)...)
		x.counts = append(x.counts[:j], append([]int{n}, x.counts[j:]...)...)
	}
	x.sum()
	x.reselect(was, had)
}

// Search sets the query and returns how many matches it has. An empty
// query clears the search. The current match becomes the first at or after
// the previous current one, so that refining a query does not jump away.
func (x *Index) Search(query string) int {
	q, _ := foldString(query)
	was, had := x.Current()
	x.scanned = 0
	switch {
	case q == "":
		x.query, x.hits, x.counts, x.starts, x.total, x.cur = "", nil, nil, nil, 0, -1
		return 0
	case q == x.query:
		return x.total
	case x.query != "" && strings.HasPrefix(q, x.query):
		x.query = q
		x.count(x.hits)
	default:
		x.query = q
		x.count(nil)
	}
	x.sum()
	x.reselect(was, had)
	return x.total
}

// count recounts the query in the messages of among (every message when
// among is nil), keeping those with matches.
func (x *Index) count(among []int) {
	hits, counts := x.hits[:0:0], x.counts[:0:0]
	add := func(i int) {
		if n := strings.Count(x.docs[i].folded, x.query); n > 0 {
			hits, counts = append(hits, i), append(counts, n)
		}
	}
	if among == nil {
		for i := range x.docs {
			add(i)
		}
		x.scanned = len(x.docs)
	} else {
		for _, i := range among {
			add(i)
		}
		x.scanned = len(among)
	}
	x.hits, x.counts = hits, counts
}

// sum rebuilds starts and total from counts.
func (x *Index) sum() {
	x.starts = x.starts[:0]
	x.total = 0
	for _, n := range x.counts {
		x.starts = append(x.starts, x.total)
		x.total += n
	}
	if x.cur >= len(x.hits) {
		x.cur = -1
	}
}

// In returns the matches inside message i, for highlighting it (nil when
// it has none).
func (x *Index) In(i int) []Match {
	if x.query == "" || i < 0 || i >= len(x.docs) {
		return nil
	}
	d := x.docs[i]
	var ms []Match
	for off := 0; ; {
		j := strings.Index(d.folded[off:], x.query)
		if j < 0 {
			return ms
		}
		s, e := off+j, off+j+len(x.query)
		ms = append(ms, Match{Message: i, Start: d.orig(s), End: d.orig(e)})
		off = e
	}
}

// All returns every match in transcript order. It builds them all: a view
// should ask In for the messages it draws instead.
func (x *Index) All() []Match {
	var ms []Match
	for _, i := range x.hits {
		ms = append(ms, x.In(i)...)
	}
	return ms
}

// Query is the current query, folded ("" when none).
func (x *Index) Query() string { return x.query }

// Status is what a search bar shows: "3 of 17", "no matches", or "" with no
// query.
func (x *Index) Status() string {
	i, n := x.Position()
	switch {
	case x.query == "":
		return ""
	case n == 0:
		return "no matches"
	}
	return fmt.Sprintf("%d of %d", i, n)
}

// Position is the current match's place, from 1, and the number of
// matches; (0, 0) when there are none.
func (x *Index) Position() (i, n int) {
	if x.cur < 0 {
		return 0, 0
	}
	return x.starts[x.cur] + x.k + 1, x.total
}
