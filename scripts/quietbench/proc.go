//go:build unix

package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// sample is what /proc says of a process at one moment.
type sample struct {
	switches map[int]int // context switches (voluntary + nonvoluntary) by thread
	waits    int         // the voluntary ones of all threads: a thread went to sleep and was woken
	cpuNs    int64       // time on a CPU of its live threads (schedstat), ns
	ticks    int64       // utime + stime in clock ticks (all threads, gone ones too)
}

// readSample reads pid's threads' context switches and its CPU time.
func readSample(pid int) (sample, error) {
	s := sample{switches: map[int]int{}}
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*", pid))
	if err != nil || len(tasks) == 0 {
		return s, fmt.Errorf("no threads of %d in /proc", pid)
	}
	for _, dir := range tasks {
		tid, _ := strconv.Atoi(filepath.Base(dir))
		all, vol := threadSwitches(dir + "/status")
		s.switches[tid] = all
		s.waits += vol
		if b, err := os.ReadFile(dir + "/schedstat"); err == nil {
			if f := strings.Fields(string(b)); len(f) > 0 {
				ns, _ := strconv.ParseInt(f[0], 10, 64)
				s.cpuNs += ns
			}
		}
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return s, err
	}
	// The fields after the command's closing parenthesis: utime and stime
	// are the 12th and 13th of them (the 14th and 15th of the line).
	f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	s.ticks = u + st
	return s, nil
}

// threadSwitches is a thread's voluntary + nonvoluntary context switches,
// and the voluntary ones alone (the thread slept and was woken: a load on
// the machine adds nonvoluntary ones, preemptions, not these).
func threadSwitches(status string) (all, voluntary int) {
	f, err := os.Open(status)
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && (k == "voluntary_ctxt_switches" || k == "nonvoluntary_ctxt_switches") {
			x, _ := strconv.Atoi(strings.TrimSpace(v))
			all += x
			if k == "voluntary_ctxt_switches" {
				voluntary += x
			}
		}
	}
	return all, voluntary
}

// delta is what happened between two samples: switches in all, those of
// the process's second thread (Go's runtime starts sysmon first, so its
// thread id is the lowest after the main one's), CPU seconds from schedstat and from the
// ticks (hz a second).
type delta struct {
	switches, sysmon, threads int
	waits                     int // voluntary switches of the threads alive at both samples
	cpu, cpuTicks             float64
}

// since is b minus a for process pid.
func since(pid int, a, b sample, hz float64) delta {
	d := delta{threads: len(b.switches), waits: b.waits - a.waits}
	second := 0
	for tid, n := range b.switches {
		d.switches += n - a.switches[tid]
		if tid != pid && (second == 0 || tid < second) {
			second = tid
		}
	}
	d.sysmon = b.switches[second] - a.switches[second]
	d.cpu = float64(b.cpuNs-a.cpuNs) / 1e9
	d.cpuTicks = float64(b.ticks-a.ticks) / hz
	return d
}

// peakRSS is a process's peak resident set (VmHWM) in MiB, 0 when /proc
// does not say.
func peakRSS(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return float64(kb) / 1024
		}
	}
	return 0
}
