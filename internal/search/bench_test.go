package search_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sophia-labs/vehicle/internal/search"
)

// words make up the benchmark's transcript: prose with a few rare words.
var words = strings.Fields(`the a of and to in is that it for on with as was barn cow field
	fence roof gate budget plan document search result session Tuesday graph note lease
	Sophia model reply question answer farm water hay winter spring Uruguay pasture`)

// transcript is n messages of 20 to 120 words each (about 460 bytes on
// average), the same every run.
func transcript(n int) []string {
	rng := rand.New(rand.NewPCG(1, 2))
	texts := make([]string, n)
	for i := range texts {
		var b strings.Builder
		for w := 20 + rng.IntN(100); w > 0; w-- {
			word := words[rng.IntN(len(words))]
			if rng.IntN(8) == 0 {
				word = strings.ToUpper(word[:1]) + word[1:]
			}
			b.WriteString(word)
			b.WriteByte(' ')
		}
		texts[i] = b.String()
	}
	return texts
}

const benchMessages = 10_000

// BenchmarkContainsBaseline is the floor: a plain strings.Contains loop over
// the same texts, lowered beforehand, with the same queries as
// BenchmarkSearchNew, counting the messages that match.
func BenchmarkContainsBaseline(b *testing.B) {
	texts := transcript(benchMessages)
	lower := make([]string, len(texts))
	for i, t := range texts {
		lower[i] = strings.ToLower(t)
	}
	queries := []string{"pasture gate", "barn"}
	i := 0
	for b.Loop() {
		containsAll(lower, queries[i%2])
		i++
	}
}

// BenchmarkLowerContainsBaseline is the naive case-insensitive search:
// strings.ToLower of every text, then strings.Contains, on every search.
func BenchmarkLowerContainsBaseline(b *testing.B) {
	texts := transcript(benchMessages)
	queries := []string{"pasture gate", "barn"}
	i := 0
	for b.Loop() {
		lowerContainsAll(texts, queries[i%2])
		i++
	}
}

func lowerContainsAll(texts []string, q string) int {
	n := 0
	for _, t := range texts {
		if strings.Contains(strings.ToLower(t), q) {
			n++
		}
	}
	return n
}

func containsAll(texts []string, q string) int {
	n := 0
	for _, t := range texts {
		if strings.Contains(t, q) {
			n++
		}
	}
	return n
}

// BenchmarkSearchNew is one search of a new query over 10,000 messages,
// every match found with its offsets.
func BenchmarkSearchNew(b *testing.B) {
	x := search.New(transcript(benchMessages))
	queries := []string{"pasture gate", "Barn"}
	i := 0
	for b.Loop() {
		x.Search(queries[i%2])
		i++
	}
}

// BenchmarkSearchOneLetter is the worst first keystroke: "e", which
// matches hundreds of thousands of times.
func BenchmarkSearchOneLetter(b *testing.B) {
	x := search.New(transcript(benchMessages))
	for b.Loop() {
		x.Search("")
		x.Search("e")
	}
}

// BenchmarkSearchTyping is a query typed character by character, "b" to
// "budget plan" (11 searches), over 10,000 messages.
func BenchmarkSearchTyping(b *testing.B) {
	x := search.New(transcript(benchMessages))
	const q = "budget plan"
	for b.Loop() {
		x.Search("")
		for k := 1; k <= len(q); k++ {
			x.Search(q[:k])
		}
	}
}

// BenchmarkIndex10k builds the index of 10,000 messages.
func BenchmarkIndex10k(b *testing.B) {
	texts := transcript(benchMessages)
	for b.Loop() {
		search.New(texts)
	}
}
