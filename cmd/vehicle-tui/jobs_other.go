//go:build !unix

package main

import tea "charm.land/bubbletea/v2"

// jobControl does nothing here: there is no job control.
type jobControl struct{}

func startJobControl() *jobControl                          { return &jobControl{} }
func (*jobControl) run(func(tea.Msg))                       {}
func (*jobControl) filter(_ tea.Model, msg tea.Msg) tea.Msg { return msg }
func (*jobControl) lend(bool)                               {}
func (*jobControl) stop()                                   {}
