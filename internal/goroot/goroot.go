// Package goroot finds the Go installation's root, whose sources the
// measurements and the codec's tests use as realistic text.
package goroot

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Dir is the Go installation's root as the go command reports it
// (runtime.GOROOT is deprecated, and empty in a binary built with
// -trimpath).
func Dir() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %w", err)
	}
	root := strings.TrimSpace(string(out))
	if root == "" {
		return "", errors.New("go env GOROOT is empty")
	}
	return root, nil
}
