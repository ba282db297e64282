package search

import "sort"

// Current is the current match; ok is false when there is none.
func (x *Index) Current() (m Match, ok bool) {
	if x.cur < 0 {
		return Match{}, false
	}
	ms := x.In(x.hits[x.cur])
	if x.k >= len(ms) {
		return Match{}, false
	}
	return ms[x.k], true
}

// Next moves to the next match, from the last back to the first, and
// returns it; ok is false when there are none.
func (x *Index) Next() (Match, bool) {
	if x.cur < 0 {
		return Match{}, false
	}
	if x.k++; x.k >= x.counts[x.cur] {
		x.cur, x.k = (x.cur+1)%len(x.hits), 0
	}
	return x.Current()
}

// Prev moves to the previous match, from the first round to the last.
func (x *Index) Prev() (Match, bool) {
	if x.cur < 0 {
		return Match{}, false
	}
	if x.k--; x.k < 0 {
		x.cur = (x.cur - 1 + len(x.hits)) % len(x.hits)
		x.k = x.counts[x.cur] - 1
	}
	return x.Current()
}

// From makes current the first match in message i or after it (wrapping
// to the first of all), as a search that starts where the view is.
func (x *Index) From(i int) (Match, bool) {
	x.reselect(Match{Message: i}, true)
	return x.Current()
}

// reselect makes current the first match at or after was (the first of all
// when there was none before, or none is after it).
func (x *Index) reselect(was Match, had bool) {
	x.cur, x.k = -1, 0
	if len(x.hits) == 0 {
		return
	}
	x.cur = 0
	if !had {
		return
	}
	j := sort.SearchInts(x.hits, was.Message)
	if j < len(x.hits) && x.hits[j] == was.Message {
		for k, m := range x.In(was.Message) {
			if m.Start >= was.Start {
				x.cur, x.k = j, k
				return
			}
		}
		j++
	}
	if j < len(x.hits) {
		x.cur = j
	}
}
