//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/sophia-labs/vehicle/client"
)

// The wall mode: sessions made on the host by the bench's own client, the
// TUI watching them (one alone, then -tiles as a wall, its first tile
// focused), each sent a prompt by the bench (with -drive, the TUI drives
// them: each prompt is typed in its tile, then alt+→ gives the next one the
// focus, the first again after the last), which also reads each
// session's stream itself, unthrottled: the moment it reads the reply's
// message.completed is the host's last piece. From the prompts until every
// tile shows its reply's last words (endMark, in the tile's own part of the
// screen) and the output has been still for a second: the TUI's CPU, its
// context switches, the bytes it wrote, and each tile's lag (from its
// session's last piece to the end on screen, read every 10 ms). Then,
// nothing streaming, -idle seconds of context switches (wake-ups).

// runWall measures each binary, o.rounds times, alternating, then prints
// per binary the medians and ranges over the rounds of the wall's CPU
// against one session's, the slowest tile's lag and the wall's idle
// wake-ups, and each binary's medians against the first's.
func runWall(o options, bins []string) error {
	fmt.Printf("# wall of %d tiles against one session, keepalive %v, %dx%d, load average %s\n", o.tiles, o.keepalive, o.cols, o.rows, loadavg())
	fmt.Printf("# %d bytes of markdown in %d deltas %v apart, to every session at once\n", len(replyDoc()), o.pieces, o.delay)
	fmt.Printf("%-44s %5s %5s %7s %9s %8s %-24s %9s\n", "binary", "round", "tiles", "cpu_s", "switches", "bytes", "lag_s (each tile)", "idle_wk/s")
	ratio, slowest, wakes := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
	for r := 1; r <= o.rounds; r++ {
		for _, bin := range bins {
			one, many, err := wall(o, bin, r)
			if err != nil {
				return fmt.Errorf("%s, round %d: %w", bin, r, err)
			}
			ratio[bin] = append(ratio[bin], many.cpu/one.cpu)
			slow := 0.0
			for _, l := range many.lags {
				slow = max(slow, l.Seconds())
			}
			slowest[bin] = append(slowest[bin], slow)
			wakes[bin] = append(wakes[bin], many.wakeups)
		}
	}
	fmt.Printf("# load average after: %s\n", loadavg())
	fmt.Printf("# medians [ranges] over %d rounds\n", o.rounds)
	fmt.Printf("%-44s %-22s %-22s %-22s\n", "binary", fmt.Sprintf("cpu %d tiles / 1", o.tiles), "slowest tile's lag_s", "idle wake-ups/s")
	for _, bin := range bins {
		fmt.Printf("%-44s %-22s %-22s %-22s\n", short(bin), spread(ratio[bin]), spread(slowest[bin]), spread(wakes[bin]))
	}
	for _, bin := range bins[1:] {
		fmt.Printf("%-44s %-22.2f %-22.2f %-22.2f\n", short(bin)+" / "+short(bins[0]), median(ratio[bin])/median(ratio[bins[0]]),
			median(slowest[bin])/median(slowest[bins[0]]), median(wakes[bin])/median(wakes[bins[0]]))
	}
	return nil
}

// wallRun is one binary's measure with k tiles.
type wallRun struct {
	cpu      float64
	switches int
	bytes    int
	lags     []time.Duration
	wakeups  float64 // a second, idle
}

// wall measures bin with one session alone, then with o.tiles.
func wall(o options, bin string, round int) (one, many wallRun, err error) {
	if one, err = wallOnce(o, bin, 1); err != nil {
		return one, many, err
	}
	fmt.Println(wallLine(bin, round, 1, one))
	if many, err = wallOnce(o, bin, o.tiles); err != nil {
		return one, many, err
	}
	fmt.Println(wallLine(bin, round, o.tiles, many))
	return one, many, nil
}

// wallLine is one measure's line.
func wallLine(bin string, round, k int, w wallRun) string {
	lags := make([]string, len(w.lags))
	for i, l := range w.lags {
		lags[i] = fmt.Sprintf("%.2f", l.Seconds())
	}
	return fmt.Sprintf("%-44s %5d %5d %7.3f %9d %8d %-24s %9.2f", short(bin), round, k, w.cpu, w.switches, w.bytes,
		strings.Join(lags, " "), w.wakeups)
}

// wallOnce runs the TUI on k fresh sessions of a fresh host.
func wallOnce(o options, bin string, k int) (wallRun, error) {
	var w wallRun
	srv, err := startHost(o.keepalive, o.delay, o.pieces, o.ttl)
	if err != nil {
		return w, err
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, err := client.New(srv.URL, client.WithGraph("demo"), client.WithToken("ada-token"), client.WithClientID("cli-bench"))
	if err != nil {
		return w, err
	}
	ids := make([]string, k)
	args := []string{"--gardend", srv.URL, "--graph", "demo"}
	if !o.drive {
		args = append(args, "watch")
	}
	for i := range ids {
		cr, err := c.Create(ctx, client.CreateRequest{Title: fmt.Sprintf("Tile %d", i+1)})
		if err != nil {
			return w, err
		}
		ids[i] = cr.Session.SessionID
		if o.drive { // the TUI claims it
			if err := c.Release(ctx, ids[i]); err != nil {
				return w, err
			}
		}
		args = append(args, "--session", ids[i])
	}
	home, err := os.MkdirTemp("", "quietbench")
	if err != nil {
		return w, err
	}
	defer os.RemoveAll(home)
	env := []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "TERM=xterm-256color", "PATH=" + os.Getenv("PATH"),
		"VEHICLE_TOKEN=ada-token"}
	path := bin
	if vars, p, ok := strings.Cut(bin, "@"); ok {
		env, path = append(env, strings.Split(vars, ",")...), p
	}
	t, err := startTerm(path, args, env, o.rows, o.cols, o.sync, nil)
	if err != nil {
		return w, err
	}
	defer t.stop()
	if err := t.waitFor(fmt.Sprintf("Tile %d", k), 30*time.Second); err != nil {
		return w, err
	}
	if o.drive {
		if err := t.waitFor("you drive", 30*time.Second); err != nil {
			return w, err
		}
	}
	ends := lastPieces(ctx, c, ids)
	time.Sleep(2 * time.Second)
	pid := t.cmd.Process.Pid
	a, err := readSample(pid)
	if err != nil {
		return w, err
	}
	b0, _, _ := t.counts()
	for _, id := range ids {
		if o.drive { // typed in the focused tile, then the focus to the next (back to the first after the last)
			if err := t.typeText("tell me how the vehicle keeps a session\r\x1b[1;3C"); err != nil {
				return w, err
			}
			continue
		}
		if _, err := c.Prompt(ctx, id, "tell me how the vehicle keeps a session"); err != nil {
			return w, err
		}
	}
	shown, err := t.tilesShow(endMark, k, 5*time.Minute)
	if err != nil {
		return w, err
	}
	for last, still := -1, 0; still < 50; still++ { // the output still for a second
		n, _, _ := t.counts()
		if n != last {
			last, still = n, 0
		}
		time.Sleep(20 * time.Millisecond)
	}
	b, err := readSample(pid)
	if err != nil {
		return w, err
	}
	b1, _, _ := t.counts()
	d := since(pid, a, b, hz)
	w.cpu, w.switches, w.bytes = d.cpu, d.switches, b1-b0
	for i := range ids {
		end, ok := ends.at(i)
		if !ok {
			return w, fmt.Errorf("the bench's stream of %s never read the reply's end", ids[i])
		}
		w.lags = append(w.lags, shown[i].Sub(end))
	}
	if o.idle > 0 {
		a, _ := readSample(pid)
		if o.each {
			eachSecond(pid, a, o.idle)
		} else {
			time.Sleep(time.Duration(o.idle) * time.Second)
		}
		b, _ := readSample(pid)
		w.wakeups = float64(since(pid, a, b, hz).switches) / float64(o.idle)
	}
	return w, nil
}

// pieces is when the bench's own stream of each session read its reply's
// message.completed.
type pieces struct {
	mu   sync.Mutex
	ends []time.Time
}

func (p *pieces) at(i int) (time.Time, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.ends[i], !p.ends[i].IsZero()
}

// lastPieces reads each session's stream until ctx ends, noting when the
// first assistant message.completed comes.
func lastPieces(ctx context.Context, c *client.Client, ids []string) *pieces {
	p := &pieces{ends: make([]time.Time, len(ids))}
	for i, id := range ids {
		go func() {
			st, err := c.Stream(ctx, id, client.StreamOptions{})
			if err != nil {
				return
			}
			defer st.Close()
			for st.Next() {
				ev := st.Current()
				if ev.Type != client.EvMessageCompleted {
					continue
				}
				var v client.MessageValue
				if ev.Decode(&v) == nil && v.Role == "assistant" {
					p.mu.Lock()
					p.ends[i] = time.Now()
					p.mu.Unlock()
					return
				}
			}
		}()
	}
	return p
}

// tilesShow waits until each of k tiles shows text in its own part of the
// screen (k 1: the whole screen), and says when each first did, read every
// 10 ms.
func (t *term) tilesShow(text string, k int, limit time.Duration) ([]time.Time, error) {
	shown := make([]time.Time, k)
	deadline := time.Now().Add(limit)
	for left := k; left > 0; {
		now := time.Now()
		if now.After(deadline) {
			return nil, fmt.Errorf("waited %v for every tile to show %q; the screen:\n%s", limit, text, t.screen())
		}
		for i, part := range tileParts(t.screen(), k) {
			if shown[i].IsZero() && strings.Contains(words(part), words(text)) {
				shown[i] = now
				left--
			}
		}
		select {
		case <-t.done:
			return nil, fmt.Errorf("the program ended while waiting for %q; the screen:\n%s", text, t.screen())
		case <-time.After(10 * time.Millisecond):
		}
	}
	return shown, nil
}

// words is s's words, one space apart: a sentence wrapped in a tile reads
// whole.
func words(s string) string { return strings.Join(strings.Fields(s), " ") }

// tileParts is the text of each of k tiles on screen, found from the
// tiles' headers ("Tile N ·" where a tile begins), cut at the rule between
// columns; one tile is the whole screen (no wall).
func tileParts(screen string, k int) []string {
	if k == 1 {
		return []string{screen}
	}
	rows := strings.Split(screen, "\n")
	type at struct{ row, col int }
	heads := map[int]at{}
	for r, line := range rows {
		for c, part := range strings.Split(line, "│") {
			for i := 1; i <= k; i++ {
				name := fmt.Sprintf("Tile %d", i)
				lead := strings.TrimLeft(part, " ▸!")
				if _, ok := heads[i]; !ok && strings.Contains(part, name+" ·") &&
					(strings.HasPrefix(lead, name) || strings.HasPrefix(lead, "you type here")) {
					heads[i] = at{r, c}
				}
			}
		}
	}
	out := make([]string, k)
	for i := 1; i <= k; i++ {
		h, ok := heads[i]
		if !ok {
			continue
		}
		end := len(rows)
		for _, o := range heads {
			if o.col == h.col && o.row > h.row && o.row < end {
				end = o.row
			}
		}
		var b strings.Builder
		for _, line := range rows[h.row+1 : end] {
			if parts := strings.Split(line, "│"); h.col < len(parts) {
				b.WriteString(parts[h.col])
				b.WriteByte('\n')
			}
		}
		out[i-1] = b.String()
	}
	return out
}
