//go:build unix

package main

import (
	"fmt"
	"sort"
)

// idleSummary prints, per binary, the medians and ranges over the rounds
// of its wake-ups a minute (all, and the voluntary ones), and each
// binary's medians against the first binary's.
func idleSummary(counted map[string][][2]float64, bins []string) {
	col := func(bin string, k int) []float64 {
		var v []float64
		for _, c := range counted[bin] {
			v = append(v, c[k])
		}
		return v
	}
	fmt.Printf("# medians [ranges] over the rounds\n")
	fmt.Printf("%-44s %-24s %-24s\n", "binary", "wake-ups a minute", "voluntary")
	for _, bin := range bins {
		fmt.Printf("%-44s %-24s %-24s\n", short(bin), spread(col(bin, 0)), spread(col(bin, 1)))
	}
	for _, bin := range bins[1:] {
		fmt.Printf("%-44s %-24.2f %-24.2f\n", short(bin)+" / "+short(bins[0]),
			median(col(bin, 0))/median(col(bins[0], 0)), median(col(bin, 1))/median(col(bins[0], 1)))
	}
}

// median is the middle of v (the mean of the two middle ones).
func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return 0
	}
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}

// spread is "median [min-max]".
func spread(v []float64) string {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if len(s) == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f [%.2f-%.2f]", median(s), s[0], s[len(s)-1])
}
