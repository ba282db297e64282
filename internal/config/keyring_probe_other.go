//go:build !unix || darwin || ios

package config

import "time"

// probeKeyring reports the keyring as reachable: on macOS and Windows the
// system keeps one for every user, and asking it starts no process.
func probeKeyring(Env, time.Duration) error { return nil }
