package main

import (
	"context"
	"fmt"

	"github.com/sophia-labs/vehicle/internal/config"
	"github.com/sophia-labs/vehicle/tui/reader"
)

// runReader runs the screen-reader mode on the settings the TUI would use:
// plain lines on the terminal (or a pipe), read and written a line at a
// time. modeErr is the error deciding the mode gave, returned as is.
func (a *app) runReader(ctx context.Context, f config.Flags, n tuiFlags, file config.File, watch bool, modeErr error) error {
	if modeErr != nil {
		return modeErr
	}
	cfg, err := a.tuiConfig(f, n, file, watch)
	if err != nil {
		return err
	}
	err = reader.Run(ctx, reader.Config{
		Client: cfg.Client, In: a.in, Out: a.out,
		SessionID: cfg.SessionID, New: cfg.New, NewSession: cfg.NewSession,
		Watch: cfg.Watch, NoClaim: cfg.NoClaim, Chime: cfg.Chime,
		ModelKeyEnv: cfg.ModelKeyEnv, SaveModelKey: cfg.SaveModelKey,
	})
	if err != nil {
		return fmt.Errorf("the screen-reader mode stopped: %w", err)
	}
	return nil
}
