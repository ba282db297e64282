//go:build !linux

package quiettime

import "time"

// timer has no quiet clock here: the callers use Go's timers.
type timer struct{}

func newTimer(time.Time, func()) *timer { return nil }
func (*timer) reset(time.Time) bool     { return false }
func (*timer) stop() bool               { return false }
