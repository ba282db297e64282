//go:build !windows

package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// execTUI replaces this process with vehicle-tui and args: the same pid,
// terminal, signals and environment. It returns only when that fails.
func execTUI(args []string) error {
	path, err := findTUI(selfPath(), exec.LookPath)
	if err != nil {
		return err
	}
	err = syscall.Exec(path, append([]string{path}, args...), os.Environ())
	return fmt.Errorf("cannot run %s: %w", path, err)
}
