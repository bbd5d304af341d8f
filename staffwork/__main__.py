from staffwork.cli import main

raise SystemExit(main())
