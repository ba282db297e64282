//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// floorName is the BINARY that stands for the floor of the stream mode:
// curl -N reading the same session's SSE stream, the reply's every event
// and nothing drawn. What a TUI costs beyond it is what drawing costs.
const floorName = "curl"

// floor measures curl -N on a new session's stream from a prompt (sent by
// this process) until the stream holds the reply's last words and has been
// still for a second, as stream measures a TUI.
func floor(o options, srv string, round int) error {
	ctx := context.Background()
	c, err := client.New(srv, client.WithToken("ada-token"), client.WithGraph("demo"))
	if err != nil {
		return err
	}
	created, err := c.Create(ctx, client.CreateRequest{})
	if err != nil {
		return err
	}
	id := created.Session.SessionID
	url := fmt.Sprintf("%s%s/g/demo/sessions/%s/events?since=0", srv, client.DefaultMount, id)
	out := &watched{}
	cmd := exec.Command("curl", "-sSN", "-H", "Accept: text/event-stream", "-H", "Authorization: Bearer ada-token", url)
	cmd.Stdout = out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("curl: %w", err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	if err := out.waitFor(`"type":"session.`, 10*time.Second); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	a, err := readSample(pid)
	if err != nil {
		return err
	}
	b0 := out.len()
	start := time.Now()
	if _, err := c.Prompt(ctx, id, "tell me how the vehicle keeps a session"); err != nil {
		return err
	}
	if err := out.waitFor(endMark, 5*time.Minute); err != nil {
		return err
	}
	for last, still := -1, 0; still < 50; still++ { // the stream still for a second
		if n := out.len(); n != last {
			last, still = n, 0
		}
		time.Sleep(20 * time.Millisecond)
	}
	secs := time.Since(start).Seconds() - 1
	b, err := readSample(pid)
	if err != nil {
		return err
	}
	d := since(pid, a, b, hz)
	o.tally.add(floorName, round, d.cpu)
	fmt.Printf("%-44s %5d %6.1f %7.3f %7.2f %9d %8d %8d %7s %7s %7.1f\n", floorName+" -N", round, secs,
		d.cpu, d.cpuTicks, d.switches, d.sysmon, out.len()-b0, "-", "-", peakRSS(pid))
	return nil
}

// watched is curl's output, kept to be searched.
type watched struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

// Write keeps p.
func (w *watched) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// len is how many bytes came.
func (w *watched) len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Len()
}

// waitFor waits until the output holds text, at most limit.
func (w *watched) waitFor(text string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		w.mu.Lock()
		ok := bytes.Contains(w.buf.Bytes(), []byte(text))
		w.mu.Unlock()
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("curl: waited %v for %q", limit, text)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// tally keeps the stream mode's CPU seconds by binary and round, for the
// ratios printed at the end.
type tally struct {
	order []string
	cpu   map[string]map[int]float64
}

// add keeps one measurement.
func (t *tally) add(bin string, round int, cpu float64) {
	if t.cpu == nil {
		t.cpu = map[string]map[int]float64{}
	}
	if t.cpu[bin] == nil {
		t.order = append(t.order, bin)
		t.cpu[bin] = map[int]float64{}
	}
	t.cpu[bin][round] = cpu
}

// print prints each binary's CPU seconds against curl's of the same round:
// the ratio by round, their median and range.
func (t *tally) print() {
	floorCPU := t.cpu[floorName]
	if len(floorCPU) == 0 {
		return
	}
	fmt.Printf("# CPU against curl -N of the same round: median (range) [by round]\n")
	for _, bin := range t.order {
		if bin == floorName {
			continue
		}
		var ratios, secs []float64
		var by []string
		for r := 1; r <= len(floorCPU); r++ {
			cpu, ok := t.cpu[bin][r]
			if !ok || floorCPU[r] <= 0 {
				continue
			}
			ratios, secs = append(ratios, cpu/floorCPU[r]), append(secs, cpu)
			by = append(by, fmt.Sprintf("%.2f", cpu/floorCPU[r]))
		}
		if len(ratios) == 0 {
			continue
		}
		fmt.Printf("%-44s %sx [%s], CPU median %.3f s\n", short(bin), spread(ratios), strings.Join(by, " "), median(secs))
	}
	fmt.Printf("%-44s CPU median %.3f s\n", floorName+" -N", median(values(floorCPU)))
	t.printAgainstFirst()
}

// printAgainstFirst prints each TUI's CPU against the first TUI's (the
// baseline) of the same round: median (range).
func (t *tally) printAgainstFirst() {
	var bins []string
	for _, bin := range t.order {
		if bin != floorName {
			bins = append(bins, bin)
		}
	}
	if len(bins) < 2 {
		return
	}
	base := t.cpu[bins[0]]
	fmt.Printf("# CPU against %s's of the same round: median (range)\n", short(bins[0]))
	for _, bin := range bins[1:] {
		var ratios []float64
		for r, cpu := range t.cpu[bin] {
			if b, ok := base[r]; ok && b > 0 {
				ratios = append(ratios, cpu/b)
			}
		}
		if len(ratios) > 0 {
			fmt.Printf("%-44s %sx\n", short(bin), spread(ratios))
		}
	}
}

// values is a map's values.
func values(m map[int]float64) []float64 {
	v := make([]float64, 0, len(m))
	for _, x := range m {
		v = append(v, x)
	}
	return v
}
