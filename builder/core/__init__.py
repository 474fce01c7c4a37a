"""What every players' app shares: the application error the API turns into its error shape."""
