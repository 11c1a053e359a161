'use client'
// The dashboard's chart of daily takings over 8 weeks, drawn by Chart.js (ADR 054), which only the admin's bundle
// loads. Readable without colour: the days are bars and the 7-day average a dashed line with square markers (two
// shapes, named in the legend), the axis is in pounds, and the same figures sit in a table below for a screen reader
// or anyone who prefers numbers.
import { useEffect, useRef } from 'react'
import { formatPence } from '../../../domain/money'
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip)

export interface ChartDay {
  readonly label: string
  readonly pounds: number
  readonly averagePounds: number
  readonly text: string
}

/** A figure of the chart (whole pounds, as the axis reads) as the rest of the shop writes money. */
const poundsText = (value: number) => formatPence(Math.round(value) * 100)

export function DailySalesChart({ days, summary }: { readonly days: readonly ChartDay[]; readonly summary: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    if (!canvas.current) return
    const style = getComputedStyle(document.documentElement)
    const ink = style.getPropertyValue('--theme-text').trim() || '#222'
    const bar = style.getPropertyValue('--theme-elevation-500').trim() || '#777'
    const chart = new Chart(canvas.current, {
      data: {
        labels: days.map((d) => d.label),
        datasets: [
          { type: 'bar', label: 'Takings that day (bars)', data: days.map((d) => d.pounds), backgroundColor: bar, borderColor: ink, borderWidth: 1, order: 2 },
          {
            type: 'line',
            label: '7-day average (dashed line, squares)',
            data: days.map((d) => d.averagePounds),
            borderColor: ink,
            backgroundColor: ink,
            borderDash: [6, 4],
            borderWidth: 2,
            pointStyle: 'rect',
            pointRadius: 2,
            order: 1,
          },
        ],
      },
      options: {
        animation: false,
        maintainAspectRatio: false,
        plugins: {
          legend: { labels: { color: ink, usePointStyle: true } },
          tooltip: { callbacks: { label: (item) => `${item.dataset.label?.split(' (')[0]}: ${poundsText(Number(item.raw))}` } },
        },
        scales: {
          x: { ticks: { color: ink, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 }, grid: { display: false } },
          y: { beginAtZero: true, ticks: { color: ink, callback: (v) => poundsText(Number(v)) } },
        },
      },
    })
    return () => chart.destroy()
  }, [days])
  return (
    <figure style={{ margin: 0 }}>
      <div style={{ position: 'relative', height: 260 }}>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      <figcaption style={{ marginTop: 6 }}>{summary}</figcaption>
      <details style={{ marginTop: 8 }}>
        <summary>The figures as a table</summary>
        <table style={{ borderCollapse: 'collapse', marginTop: 6 }}>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Takings</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{d.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
